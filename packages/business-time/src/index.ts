export { addBusinessSeconds, businessSecondsBetween } from './business-time';
export {
  type BusinessCalendar,
  type BusinessWindow,
  calendarProblem,
  type Interval,
  WEEKDAYS,
  type Weekday,
} from './calendar';
