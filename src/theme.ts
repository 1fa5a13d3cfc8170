/**
 * The console's theme. Links (also hovered), primary buttons when hovered, secondary and placeholder text, danger red
 * and tag text are darker than Ant Design's defaults so that they read at WCAG AA contrast (4.5:1) on white and on
 * the page's grey: tags print their colour's shade 7 on shade 1, which for these colours is too light, so shade 7
 * takes shade 8's value.
 */
export const THEME = {
  token: {
    colorPrimary: '#1668dc',
    colorLink: '#1668dc',
    colorLinkHover: '#0958d9',
    colorLinkActive: '#003eb3',
    colorPrimaryHover: '#0958d9',
    borderRadius: 6,
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorError: '#cf1322',
    cyan7: '#006d75',
    green7: '#237804',
    orange7: '#ad4e00',
    yellow7: '#876800',
    volcano7: '#ad2102',
    gold7: '#874d00',
    lime7: '#3f6600',
  },
  // A ticked row keeps a pale background, so links and red buttons in it still read.
  components: { Table: { rowSelectedBg: '#f0f7ff', rowSelectedHoverBg: '#e6f4ff' } },
};
