import { Link } from 'react-router';
import { Button } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import type { Text } from '../../resources/types';
import type { PageLinkDecl } from '../../resources/view-types';
import { routeTo } from './routes';

interface Props {
  links: PageLinkDecl[] | undefined;
  appId: string;
  text: (value: Text) => string;
  /** The record whose page shows the links: its fields fill the routes' parameters (`PageLinkDecl.params`). */
  record?: BaseRecord;
}

/** The declared buttons to other pages of the service, on a page view's toolbar or a record's page. */
export function PageLinks({ links, appId, text, record }: Props) {
  return (links ?? []).map((link) => {
    const params = Object.fromEntries(Object.entries(link.params ?? {}).map(([name, field]) => [name, String(record?.[field] ?? '')]));
    return (
      <Link key={link.route} to={routeTo(link.route, { ...params, appId })}>
        <Button>{text(link.label)}</Button>
      </Link>
    );
  });
}
