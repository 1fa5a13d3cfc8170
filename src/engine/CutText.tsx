import { Tooltip } from 'antd';
import { MONO } from './FieldValue';

/** Past this many characters a cut value shows whole on pointing. */
const LONG = 40;

const LINE: React.CSSProperties = {
  display: 'inline-block',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
};

/**
 * A value kept to one line of its cell, cut by the browser (no measuring per cell, which a long list would pay for
 * on every render), and whole in a tooltip when it is long. `code` sets it in monospace; `user` marks it as the user's
 * text (the zh-CN check leaves it out).
 */
export function CutText({ text, code, user }: { text: string; code?: boolean; user?: boolean }) {
  const line = (
    <span style={code ? { ...LINE, ...MONO } : LINE} data-user-text={user ? true : undefined}>
      {text}
    </span>
  );
  if (text.length <= LONG) return line;
  return (
    <Tooltip title={<span style={code ? MONO : undefined}>{text}</span>} placement="topLeft">
      {line}
    </Tooltip>
  );
}
