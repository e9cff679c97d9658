export { addBusinessSeconds, businessSecondsBetween } from './business-time';
export type { Interval } from './calendar';
export * from './calendar-rules';
