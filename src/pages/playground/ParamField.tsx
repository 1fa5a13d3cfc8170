import { useEffect, useState } from 'react';
import { AutoComplete, Input } from 'antd';
import { exchange } from '../../../providers/http';
import { choicesIn, recordChoices } from '../../../resources/playground';
import type { ServiceDecl } from '../../../resources/types';
import { useLocale } from '../../lib/useLocale';
import { MONO } from './Json';

/** The records of a resource of the app, to choose one by its title (asked once, with the app credential). */
function useChoices(service: ServiceDecl, appId: string, resource?: string): { value: string; label: string }[] {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    const choices = resource ? recordChoices(service, resource) : undefined;
    if (!choices) return;
    let live = true;
    void exchange(choices.path, { method: choices.method, body: choices.body, appId }).then((answer) => {
      if (live && answer.status === 200) setOptions(choicesIn(answer.body, choices).map((c) => ({ value: c.id, label: c.title ? `${c.title} · ${c.id}` : c.id })));
    });
    return () => {
      live = false;
    };
  }, [service, appId, resource]);
  return options;
}

/** One path parameter's value: typed, or chosen among the app's records when it names one. */
export function ParamField({ service, appId, name, resource, value, onChange }: { service: ServiceDecl; appId: string; name: string; resource?: string; value: string; onChange: (value: string) => void }) {
  const { t } = useLocale();
  const options = useChoices(service, appId, resource);
  const input = <Input addonBefore={<span style={MONO}>{name}</span>} placeholder={t('playgrounds.paramMissing', { name })} style={MONO} data-testid={`playground-param-${name}`} />;
  return (
    <AutoComplete value={value} options={options} onChange={onChange} style={{ width: 340 }} filterOption={(typed, option) => !typed || String(option?.label ?? '').toLowerCase().includes(typed.toLowerCase())}>
      {input}
    </AutoComplete>
  );
}
