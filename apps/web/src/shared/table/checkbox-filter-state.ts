/** "All" is ticked exactly when every value is. */
export function allSelected<V>(values: readonly V[], selected: readonly V[]): boolean {
  return values.every((value) => selected.includes(value));
}

/** Ticking "All" selects every value; unticking it clears them. */
export function toggleAll<V>(values: readonly V[], selected: readonly V[]): V[] {
  return allSelected(values, selected) ? [] : [...values];
}

/** One box on or off; the result keeps the options' order. */
export function toggleValue<V>(values: readonly V[], selected: readonly V[], value: V): V[] {
  const on = selected.includes(value);
  return values.filter((item) => (item === value ? !on : selected.includes(item)));
}
