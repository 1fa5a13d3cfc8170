import { Button, Card, Col, Flex, Row, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { getUiOptions, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps, type ObjectFieldTemplateProps } from '@rjsf/utils';
import { useLocale } from '../../lib/useLocale';

/**
 * An object's fields one under the other, or side by side where `x-ui.layout` groups them in rows. No heading: the root object is the form itself, and an object inside
 * an array sits in its item's card.
 */
export function ObjectFieldTemplate({ properties, fieldPathId, uiSchema }: ObjectFieldTemplateProps) {
  const shown = properties.filter((p) => !p.hidden);
  const rows = (getUiOptions(uiSchema).layout as string[][] | undefined) ?? [];
  const placed = new Set(rows.flat());
  return (
    <div id={fieldPathId.$id}>
      {rows.map((names) => (
        <Row key={names.join()} gutter={16}>
          {shown
            .filter((p) => names.includes(p.name))
            .map((p) => (
              <Col key={p.name} xs={24} sm={24 / names.length}>
                {p.content}
              </Col>
            ))}
        </Row>
      ))}
      {shown.filter((p) => !placed.has(p.name)).map((p) => p.content)}
    </div>
  );
}

/** An array: its title (unless `ui:label` is false), one card per item, and an add button under them. */
export function ArrayFieldTemplate({ items, canAdd, onAddClick, disabled, readonly, title, uiSchema, fieldPathId }: ArrayFieldTemplateProps) {
  const { t } = useLocale();
  const options = getUiOptions(uiSchema);
  const label = String(options.title ?? title ?? '');
  return (
    <fieldset id={fieldPathId.$id} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      {options.label !== false && label && (
        <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
          {label}
        </Typography.Text>
      )}
      <Flex vertical gap={12}>
        {items}
      </Flex>
      {canAdd && (
        <Button type="dashed" block icon={<PlusOutlined />} disabled={disabled || readonly} onClick={onAddClick} style={{ marginTop: 12 }}>
          {label ? t('widgets.addNamed', { name: label }) : t('widgets.addItem')}
        </Button>
      )}
    </fieldset>
  );
}

/** One item of an array, in a small card numbered from 1, with move and remove buttons. */
export function ArrayFieldItemTemplate({ children, buttonsProps, hasToolbar, index }: ArrayFieldItemTemplateProps) {
  const { t } = useLocale();
  const { hasMoveUp, hasMoveDown, hasRemove, onMoveUpItem, onMoveDownItem, onRemoveItem, disabled, readonly } = buttonsProps;
  const locked = disabled || readonly;
  return (
    <Card
      size="small"
      title={`#${index + 1}`}
      styles={{ body: { paddingBottom: 0 } }}
      extra={
        hasToolbar && (
          <Flex gap={4}>
            {(hasMoveUp || hasMoveDown) && (
              <>
                <Tooltip title={t('widgets.moveUp')}>
                  <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={locked || !hasMoveUp} onClick={onMoveUpItem} aria-label={t('widgets.moveUp')} />
                </Tooltip>
                <Tooltip title={t('widgets.moveDown')}>
                  <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={locked || !hasMoveDown} onClick={onMoveDownItem} aria-label={t('widgets.moveDown')} />
                </Tooltip>
              </>
            )}
            {hasRemove && (
              <Tooltip title={t('widgets.removeItem')}>
                <Button size="small" type="text" danger icon={<DeleteOutlined />} disabled={locked} onClick={onRemoveItem} aria-label={t('widgets.removeItem')} />
              </Tooltip>
            )}
          </Flex>
        )
      }
    >
      {children}
    </Card>
  );
}
