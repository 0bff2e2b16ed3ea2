import { createTheme, type MantineColorsTuple } from '@mantine/core';

const teal: MantineColorsTuple = [
  '#e6f6f5',
  '#cfe9e7',
  '#a0d3cf',
  '#6dbcb5',
  '#45a8a0',
  '#2c9b93',
  '#1a948c',
  '#0b7a75',
  '#006e69',
  '#005f5a',
];

/**
 * Mantine's red with shades 7–9 darker: filled red buttons use shade 7 (primaryShade), and white on
 * Mantine's #f03e3e is 3.9:1, under WCAG's 4.5:1 for text; #c92a2a is 5.5:1 (hovered: darker still).
 */
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#fa5252',
  '#c92a2a',
  '#b02525',
  '#9a1f1f',
];

/** Month navigation buttons need names for screen readers. */
const calendarLabels = { nextLabel: 'Próximo mês', previousLabel: 'Mês anterior' };

export const theme = createTheme({
  primaryColor: 'salas',
  primaryShade: 7,
  colors: { salas: teal, red },
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  defaultRadius: 'md',
  breakpoints: { xs: '36em', sm: '48em', md: '48.125em', lg: '75em', xl: '88em' },
  components: {
    ...Object.fromEntries(
      ['Calendar', 'DatePicker', 'DatePickerInput', 'DateInput'].map((name) => [
        name,
        { defaultProps: calendarLabels },
      ]),
    ),
    // Every dialog's close button has a name (axe button-name), set once here.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    // A dialog's title row is a <header> in Mantine; a dialog (a <section> with role="dialog") is no
    // sectioning element for the accessibility tree, so that <header> became a second "banner"
    // landmark beside the page's own (axe landmark-no-duplicate-banner). A plain <div> instead.
    ...Object.fromEntries(
      ['ModalHeader', 'DrawerHeader'].map((name) => [name, { defaultProps: { component: 'div' } }]),
    ),
  },
});

/** SPEC §9: the search bar turns into a panel under 770 px; menu links move to the dropdown under 769 px. */
export const MOBILE_SEARCH_QUERY = '(max-width: 769.98px)';
export const MENU_IN_DROPDOWN_QUERY = '(max-width: 768.98px)';
