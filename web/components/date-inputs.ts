// The date components, with dayjs speaking Portuguese (month and weekday names). Pages import
// them from here, so the date library loads with the first page that shows a date, not with
// every page (Biome refuses imports of @mantine/dates elsewhere).
import 'dayjs/locale/pt-br';

export {
  Calendar,
  DateInput,
  DatePicker,
  DatePickerInput,
  MonthPickerInput,
  TimeInput,
} from '@mantine/dates';
