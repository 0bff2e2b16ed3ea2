import type { ButtonProps, ThemeIconProps } from '@mantine/core';

/*
 * Mantine 9.7.3 reads ThemeIcon's `radius` and Button's `justify` for a CSS variable and still
 * passes them on to the element, where they are attributes HTML does not have (`radius` on a div,
 * `justify` on an a or a button: invalid HTML, issue 42). These set the variable itself instead:
 * `vars={roundIcon}` for `radius="xl"`, `vars={buttonJustify('space-between')}` for
 * `justify="space-between"`. (ThemeIcon's `radius="md"` is the theme's default: leave it out.)
 */

/** A round ThemeIcon (what `radius="xl"` draws). */
export const roundIcon: ThemeIconProps['vars'] = () => ({
  root: { '--ti-radius': 'var(--mantine-radius-xl)' },
});

/** Where a Button's label and sections sit along it (what `justify` sets). */
export const buttonJustify =
  (justify: 'flex-start' | 'space-between'): ButtonProps['vars'] =>
  () => ({ root: { '--button-justify': justify } });
