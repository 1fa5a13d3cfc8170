import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Flex, Form, Input, List, Popconfirm, Select, Space, Typography } from 'antd';
import { isApiError } from '../../../providers/http';
import { toast } from '../../../providers/notification';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { callAddress, callPassport, usePassportQuery } from './passport-api';
import { SCHEDULE_TIMEZONES, type Schedule, type ScheduleAnswer } from '../../../resources/leaderboards-api';

/** A schedule is read in Beijing time unless told otherwise (the first of the declared zones). */
const DEFAULT_ZONE = SCHEDULE_TIMEZONES[0];
const PRESETS = [
  ['daily', '0 0 * * *'],
  ['weekly', '0 0 * * 1'],
  ['monthly', '0 0 1 * *'],
] as const;

interface Props {
  appId: string;
  /** The leaderboard's id. */
  boardId: string;
  schedule?: Schedule;
  /** The leaderboard record's version: a change is refused if someone else changed it since. */
  recordVersion: number;
  /** After a change: the record was written. */
  onChanged: () => void;
}

/** Typing pauses this long before the expression is previewed. */
const PREVIEW_DELAY_MS = 400;

/** The reset schedule: the one in force with its next runs, and a form to create, change or cancel it. */
export default function LeaderboardsScheduleEditor({ appId, boardId, schedule, recordVersion, onChanged }: Props) {
  const { t } = useLocale();
  const [form] = Form.useForm<{ cron: string; timezone: string }>();
  const cron = Form.useWatch('cron', form);
  const timezone = Form.useWatch('timezone', form);
  const [typed, setTyped] = useState<{ cron: string; timezone: string }>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    form.setFieldsValue({ cron: schedule?.cron ?? '', timezone: schedule?.timezone ?? DEFAULT_ZONE });
  }, [form, schedule?.cron, schedule?.timezone]);

  useEffect(() => {
    const timer = setTimeout(() => setTyped(cron?.trim() ? { cron: cron.trim(), timezone: timezone ?? DEFAULT_ZONE } : undefined), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [cron, timezone]);

  const board = { id: boardId };
  const saved = usePassportQuery<ScheduleAnswer>(appId, callAddress('leaderboards.schedule', board));
  // Shown beside the field as it is typed: no toast for an expression that does not parse yet.
  const preview = usePassportQuery<ScheduleAnswer>(appId, typed && callAddress('leaderboards.schedule', board), { query: typed, silent: true });
  const previewError = typed && isApiError(preview.error) ? (preview.error.errors['query.cron'] ?? preview.error.errors['/cron'] ?? preview.error.message) : undefined;
  const previewRuns = preview.data?.nextRuns;

  const run = async (kind: 'create' | 'update' | 'cancel') => {
    setBusy(true);
    try {
      if (kind === 'cancel') await callPassport(appId, 'leaderboards.scheduleCancel', board, { version: recordVersion });
      else {
        const values = await form.validateFields();
        await callPassport(appId, kind === 'create' ? 'leaderboards.scheduleCreate' : 'leaderboards.scheduleUpdate', board, { cron: values.cron.trim(), timezone: values.timezone, version: recordVersion });
      }
      toast('success', t(`passportLeaderboards.schedule.${kind === 'create' ? 'created' : kind === 'update' ? 'updated' : 'cancelled'}`));
      onChanged();
      void saved.refetch();
    } catch (err) {
      if (isApiError(err) && err.errors['/cron']) form.setFields([{ name: 'cron', errors: [err.errors['/cron']] }]);
    } finally {
      setBusy(false);
    }
  };

  const runs = (list: string[] | undefined) => (
    <List size="small" dataSource={list ?? []} renderItem={(at, i) => <List.Item data-testid={`schedule-run-${i}`}>{formatDateTime(at)}</List.Item>} />
  );

  return (
    <Flex vertical gap={16} data-testid="leaderboard-schedule">
      {schedule ? (
        <Descriptions size="small" bordered column={1} title={t('passportLeaderboards.schedule.current')}>
          <Descriptions.Item label={t('passportLeaderboards.schedule.cron')}>
            <Typography.Text code>{schedule.cron}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('passportLeaderboards.schedule.timezone')}>{t(`passportLeaderboards.schedule.timezones.${schedule.timezone}`)}</Descriptions.Item>
          <Descriptions.Item label={t('passportLeaderboards.schedule.nextRuns')}>{runs(saved.data?.nextRuns)}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Alert type="info" showIcon message={t('passportLeaderboards.schedule.none')} />
      )}
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={() => run(schedule ? 'update' : 'create')}>
        <Form.Item
          name="cron"
          label={t('passportLeaderboards.schedule.cron')}
          extra={t('passportLeaderboards.schedule.cronHelp')}
          rules={[{ required: true, whitespace: true, message: t('passportLeaderboards.schedule.cronHelp') }]}
          validateStatus={previewError ? 'error' : undefined}
          help={previewError}
        >
          <Input maxLength={100} placeholder="0 0 * * 1" data-testid="schedule-cron" />
        </Form.Item>
        <Space wrap style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">{t('passportLeaderboards.schedule.presets')}</Typography.Text>
          {PRESETS.map(([key, value]) => (
            <Button key={key} size="small" onClick={() => form.setFieldsValue({ cron: value })}>
              {t(`passportLeaderboards.schedule.${key}`)}
            </Button>
          ))}
        </Space>
        <Form.Item name="timezone" label={t('passportLeaderboards.schedule.timezone')}>
          <Select options={SCHEDULE_TIMEZONES.map((z) => ({ value: z, label: t(`passportLeaderboards.schedule.timezones.${z}`) }))} />
        </Form.Item>
        <Form.Item label={t('passportLeaderboards.schedule.nextRuns')} extra={t('passportLeaderboards.schedule.shownIn')}>
          {typed && !previewError ? runs(previewRuns) : <Typography.Text type="secondary">{t('passportLeaderboards.schedule.previewEmpty')}</Typography.Text>}
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy} disabled={!!previewError} data-testid="schedule-save">
            {t(schedule ? 'passportLeaderboards.schedule.update' : 'passportLeaderboards.schedule.create')}
          </Button>
          {schedule && (
            <Popconfirm title={t('passportLeaderboards.schedule.cancelConfirm')} onConfirm={() => run('cancel')}>
              <Button danger disabled={busy} data-testid="schedule-cancel">
                {t('passportLeaderboards.schedule.cancel')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Form>
    </Flex>
  );
}
