import type { SelectOption } from '@hireloop/contract/roles';

export type NamedItem = { id: string; name: string };

/** Selection-list options: the name is the label, the id the value (docs/product.md §6). */
export function toOptions(items: ReadonlyArray<NamedItem>): SelectOption[] {
  return items.map((item) => ({ label: item.name, value: item.id }));
}
