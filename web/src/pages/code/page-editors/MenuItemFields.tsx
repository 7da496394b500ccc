// One dish of a menu's section: name, price, description and allergens.
import { Field, type FieldErrors } from '../../../ui/forms';
import { GroupErrors } from '../GroupErrors';
import { errorsUnder } from '../content-draft';
import { ALLERGENS } from '../page-lists';
import type { MenuSectionDraft } from '../page-draft';
import { usePageWords } from '../page-words';
import { allergenName } from './names';

type MenuItemDraft = MenuSectionDraft['items'][number];

export function MenuItemFields({
  item: it,
  base: ib,
  n,
  m,
  errors,
  putItem,
  remove,
}: {
  item: MenuItemDraft;
  /** its JSON pointer */
  base: string;
  /** the section's and the item's number, as the labels count */
  n: number;
  m: number;
  errors: FieldErrors;
  putItem(patch: Partial<MenuItemDraft>): void;
  /** none while it is the section's only item */
  remove: (() => void) | null;
}) {
  const t = usePageWords();
  return (
    <fieldset className="nested">
      <legend>{t('pages.item', { n, m })}</legend>
      <div className="row">
        <Field label={t('pages.itemName', { n, m })} pointer={`${ib}/name`} errors={errors}>
          {(p) => <input {...p} value={it.name} onChange={(e) => putItem({ name: e.target.value })} />}
        </Field>
        <Field label={t('pages.price', { n, m })} pointer={`${ib}/price`} errors={errors}>
          {(p) => (
            <input {...p} inputMode="decimal" value={it.price} onChange={(e) => putItem({ price: e.target.value })} />
          )}
        </Field>
      </div>
      <Field label={t('pages.itemDescription', { n, m })} pointer={`${ib}/description`} errors={errors}>
        {(p) => <input {...p} value={it.description} onChange={(e) => putItem({ description: e.target.value })} />}
      </Field>
      <fieldset className="nested checks">
        <legend>{t('pages.allergens', { n, m })}</legend>
        {ALLERGENS.map((a) => (
          <label key={a} className="check-inline">
            <input
              type="checkbox"
              checked={it.allergens.includes(a)}
              onChange={(e) =>
                putItem({
                  allergens: e.target.checked
                    ? ALLERGENS.filter((x) => x === a || it.allergens.includes(x))
                    : it.allergens.filter((x) => x !== a),
                })
              }
            />{' '}
            {allergenName(t, a)}
          </label>
        ))}
        <GroupErrors messages={errorsUnder(errors, `${ib}/allergens`)} />
      </fieldset>
      <button type="button" className="btn btn-small" disabled={!remove} onClick={() => remove?.()}>
        {t('pages.removeItem', { n, m })}
      </button>
    </fieldset>
  );
}
