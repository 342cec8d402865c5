/** A short list in a message: the first `max` items, then "+N more" for the rest (the report keeps them all). */
export function firstFew<T>(items: readonly T[], max: number, show: (item: T) => string = String): string {
  const shown = items.slice(0, max).map(show).join(', ');
  return items.length > max ? `${shown} +${items.length - max} more` : shown;
}
