/** Where services get "now", so tests can move time instead of waiting for it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
