// Labels for the contract's enumerated values in both languages; category and battery status
// have theirs in web/src/i18n/passport-models.*.ts (dppx.*). An unknown value shows as itself.
const PART: Record<string, [string, string]> = {
  cathode: ['Cathode', 'Kathode'],
  anode: ['Anode', 'Anode'],
  electrolyte: ['Electrolyte', 'Elektrolyt'],
  separator: ['Separator', 'Separator'],
  casing: ['Casing', 'Gehäuse'],
  other: ['Other', 'Sonstiges'],
};

export const ENUM_LABELS: Record<string, [string, string]> = {
  ...PART,
  BillOfMaterial: ['Bill of materials', 'Stückliste'],
  Model3D: ['3D model', '3D-Modell'],
  DismantlingManual: ['Dismantling manual', 'Demontageanleitung'],
  RemovalManual: ['Removal manual', 'Ausbauanleitung'],
  OtherManual: ['Other manual', 'Sonstige Anleitung'],
  Drawing: ['Drawing', 'Zeichnung'],
  separate_collection: [
    'Separate collection (crossed-out wheeled bin)',
    'Getrennte Sammlung (durchgestrichene Mülltonne)',
  ],
  cadmium: ['Cadmium (Cd)', 'Cadmium (Cd)'],
  lead: ['Lead (Pb)', 'Blei (Pb)'],
  carbon_footprint: ['Carbon footprint', 'CO₂-Fußabdruck'],
  ce_marking: ['CE marking', 'CE-Kennzeichnung'],
  extinguishing_agent: ['Extinguishing agent', 'Löschmittel'],
};

/** Every labelled value, for the test that keeps this list complete. */
export const LABELLED_VALUES = Object.keys(ENUM_LABELS);
