/** Dates as the screens name them: Mantine's calendar buttons and the yyyy-MM-dd of URLs and files. */
const pad = (n: number) => String(n).padStart(2, '0');

export const isoDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** "30 novembro 2026", the accessible name of a day in the calendars. */
export const calendarLabel = (d: Date) =>
  `${d.getDate()} ${new Intl.DateTimeFormat('pt-BR', { month: 'long' }).format(d)} ${d.getFullYear()}`;
