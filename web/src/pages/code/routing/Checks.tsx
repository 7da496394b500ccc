/** A group of ticks for a condition's values (devices, systems, days). */
export function Checks(props: {
  label: string;
  options: readonly string[];
  name: (o: string) => string;
  checked: string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset className="checks">
      <legend>{props.label}</legend>
      {props.options.map((o) => (
        <label key={o} className="check-inline">
          <input
            type="checkbox"
            checked={props.checked.includes(o)}
            onChange={(e) =>
              props.onChange(e.target.checked ? [...props.checked, o] : props.checked.filter((x) => x !== o))
            }
          />{' '}
          {props.name(o)}
        </label>
      ))}
    </fieldset>
  );
}
