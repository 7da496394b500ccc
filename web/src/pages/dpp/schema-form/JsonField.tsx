import { useEffect, useState } from 'react';
import type { Json } from '../contract-schema';

/** A list or object attribute typed as JSON; the draft changes only while the text parses. */
export function JsonField({
  id,
  value,
  onChange,
  invalidText,
}: {
  id: string;
  value: Json;
  onChange(v: Json): void;
  invalidText: string;
}) {
  const [text, setText] = useState(() => (value === undefined ? '' : JSON.stringify(value, null, 2)));
  const [bad, setBad] = useState(false);
  useEffect(() => {
    if (value === undefined) setText('');
  }, [value]);
  return (
    <>
      <textarea
        id={id}
        className="json"
        value={text}
        aria-invalid={bad}
        onChange={(e) => {
          setText(e.target.value);
          if (!e.target.value.trim()) {
            setBad(false);
            return onChange(undefined);
          }
          try {
            onChange(JSON.parse(e.target.value));
            setBad(false);
          } catch {
            setBad(true);
          }
        }}
      />
      {bad ? <small className="field-error">{invalidText}</small> : null}
    </>
  );
}
