/** The chosen values of a multi-value filter, each with a button that takes it out. */
export function Chips<Key extends string | number>({
  items,
  removeLabel,
  onRemove,
}: {
  items: { key: Key; text: string }[];
  /** The remove button's name for a chip ("Remove tag vegan"). */
  removeLabel: (text: string) => string;
  onRemove: (key: Key) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="filter-chips">
      {items.map((item) => (
        <li key={item.key} className="filter-chip">
          <span>{item.text}</span>
          <button
            type="button"
            className="filter-chip-remove"
            aria-label={removeLabel(item.text)}
            onClick={() => onRemove(item.key)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
