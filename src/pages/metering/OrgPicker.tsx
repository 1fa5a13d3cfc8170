import { Select } from 'antd';
import type { OrganizationItem } from '../../../resources/org-api';
import { useLocale } from '../../lib/useLocale';

/** Chooses one of the viewer's organisations. */
export function OrgPicker({ value, onChange, organizations, loading }: { value: string; onChange: (id: string) => void; organizations: OrganizationItem[]; loading: boolean }) {
  const { t } = useLocale();
  return (
    <Select
      data-testid="org-picker"
      aria-label={t('metering.common.organization')}
      placeholder={t('metering.common.pickOrganization')}
      value={value || undefined}
      onChange={onChange}
      loading={loading}
      options={organizations.map((o) => ({ value: o.Id, label: o.Name }))}
      style={{ minWidth: 200 }}
      showSearch
      optionFilterProp="label"
    />
  );
}
