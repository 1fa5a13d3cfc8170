import { Link } from 'react-router';
import { Grid, Table } from 'antd';
import type { CatalogueService, PriceLine } from '../../../resources/site-api';
import { useLocale } from '../../lib/useLocale';
import { priceRows, type PriceRow } from './price-rows';
import { ServiceStatus } from './ServiceStatus';
import './site-texts';

/** A billable item's price and notes in words: "¥0.15 per GB", the usage coefficient and the free credit. */
export function usePriceText() {
  const { t, text } = useLocale();
  return {
    price: (line: PriceLine) => t('sitePages.pricing.perUnit', { price: line.price, unit: text(line.unit) }),
    notes: (line: PriceLine) => [
      ...(line.coefficient ? [t('sitePages.pricing.coefficient', { value: line.coefficient })] : []),
      ...(line.freeCredit ? [t('sitePages.pricing.freeCredit', { value: line.freeCredit })] : []),
    ],
  };
}

/** A billable item as a list entry: its name, its price in words (under `testId` when given) and its notes. */
export function PriceItem({ line, testId }: { line: PriceLine; testId?: string }) {
  const { text, locale } = useLocale();
  const words = usePriceText();
  return (
    <li>
      {text(line.label)}
      {locale === 'en' ? ': ' : '：'}
      <span data-testid={testId}>{words.price(line)}</span>
      {words.notes(line).map((note) => (
        <div key={note} style={{ opacity: 0.75 }}>
          {note}
        </div>
      ))}
    </li>
  );
}

/** The price list on a narrow screen: each service with its billable items one under the other. */
function PriceList({ services }: { services: CatalogueService[] }) {
  const { text } = useLocale();
  return (
    <div data-testid="price-table">
      {services
        .filter((s) => s.prices.length > 0)
        .map((service) => (
          <section key={service.name} style={{ marginBottom: 16 }}>
            <h2 style={{ fontSize: 16, margin: '0 0 4px' }}>
              {service.productPage ? <Link to={service.productPage}>{text(service.displayName)}</Link> : text(service.displayName)}
            </h2>
            {!service.available && <ServiceStatus available={false} />}
            <ul style={{ margin: '6px 0 0', paddingInlineStart: 20 }}>
              {service.prices.map((line) => (
                <PriceItem key={line.meter} line={line} testId={`price-${service.name}-${line.meter}`} />
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}

/** The price list of the given services, generated from the catalogue call: a table, or a list on narrow screens. */
export function PriceTable({ services }: { services: CatalogueService[] }) {
  const { t, text, locale } = useLocale();
  const words = usePriceText();
  const wide = Grid.useBreakpoint().md !== false;
  const { rows, unbilled } = priceRows(services);
  const span = (row: PriceRow) => ({ rowSpan: row.span });
  return (
    <>
      {!wide && <PriceList services={services} />}
      {wide && (
        <Table<PriceRow>
          data-testid="price-table"
          rowKey="key"
          dataSource={rows}
          pagination={false}
          size="middle"
          bordered
          scroll={{ x: 720 }}
          columns={[
            {
              key: 'service',
              title: t('sitePages.pricing.service'),
              onCell: span,
              render: (_, { service }) => (
                <div>
                  {service.productPage ? <Link to={service.productPage}>{text(service.displayName)}</Link> : text(service.displayName)}
                  {!service.available && (
                    <div style={{ marginTop: 4 }}>
                      <ServiceStatus available={false} />
                    </div>
                  )}
                </div>
              ),
            },
            { key: 'item', title: t('sitePages.pricing.item'), render: (_, { line }) => text(line.label) },
            { key: 'unit', title: t('sitePages.pricing.unit'), render: (_, { line }) => <span style={{ whiteSpace: 'nowrap' }}>{text(line.unit)}</span> },
            { key: 'price', title: t('sitePages.pricing.price'), render: (_, { service, line }) => <span data-testid={`price-${service.name}-${line.meter}`}>¥{line.price}</span> },
            { key: 'notes', title: t('sitePages.pricing.notes'), render: (_, { line }) => words.notes(line).join(locale === 'en' ? '; ' : '；') },
          ]}
        />
      )}
      {unbilled.length > 0 && <p style={{ marginTop: 12 }}>{t('sitePages.pricing.noBilled', { names: unbilled.map((s) => text(s.displayName)).join(locale === 'en' ? ', ' : '、') })}</p>}
    </>
  );
}
