import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Col, Row, Space } from 'antd';
import { playgroundExamples } from '../../../resources/playground';
import type { PageDecl, ServiceDecl } from '../../../resources/types';
import { useLocale } from '../../lib/useLocale';
import { AnswerPanel } from './AnswerPanel';
import { AppPicker } from './AppPicker';
import { ExampleList } from './ExampleList';
import { RequestPanel } from './RequestPanel';
import type { PlaygroundAnswer } from './run';

interface FrameProps {
  service: ServiceDecl;
  page: PageDecl;
  appId: string;
  /** A test player's token, for the player calls (signed in by the page, shown in `children`). */
  playerToken?: string;
  /** Values the page knows (the test player's realm), put into the examples' body fields of the same name. */
  values?: Record<string, string>;
  /** The page's own part, shown once an app of the user's is chosen, above the example calls. */
  children?: ReactNode;
}

/**
 * A playground: the app it calls with (one of the user's), the ready-made calls the service's declaration offers,
 * the request being made and the answer that came back.
 */
export function PlaygroundFrame({ service, page, appId, playerToken, values, children }: FrameProps) {
  const { t } = useLocale();
  const examples = useMemo(() => playgroundExamples(service, page), [service, page]);
  const [chosen, setChosen] = useState(0);
  const [answer, setAnswer] = useState<PlaygroundAnswer>();
  const [mine, setMine] = useState(false);
  const example = examples[chosen];

  const choose = (index: number) => {
    setChosen(index);
    setAnswer(undefined);
  };

  const calls = example && (
    <Row gutter={[16, 16]} style={{ marginTop: children ? 16 : 0 }}>
      <Col xs={24} xl={9}>
        <ExampleList examples={examples} chosen={chosen} onChoose={choose} />
      </Col>
      <Col xs={24} xl={15}>
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <RequestPanel key={`${appId} ${chosen} ${JSON.stringify(values ?? {})}`} service={service} example={example} appId={appId} playerToken={playerToken} values={values} onAnswer={setAnswer} />
          <AnswerPanel answer={answer} />
        </Space>
      </Col>
    </Row>
  );

  return (
    <>
      <AppPicker route={page.route} appId={appId} onMine={setMine} />
      {!appId ? (
        <Alert type="info" showIcon message={t('playgrounds.chooseFirst')} />
      ) : (
        mine && (
          <>
            {children}
            {calls}
          </>
        )
      )}
    </>
  );
}
