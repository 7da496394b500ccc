// The passport editor's own words, English and German. They live with the editor (a lazy chunk)
// instead of web/src/i18n/, so the first load of the dashboard does not carry them.

export const EDITOR_WORDS = {
  en: {
    progress: 'Annex XIII: {n} of {total, plural, one {# attribute} other {# attributes}}',
    stepProgress: '{n} of {total}',
    steps: 'Sections',
    step: 'Step {n} of {total}',
    previous: 'Previous: {section}',
    next: 'Next: {section}',
    problemsHere: '{n, plural, one {# problem} other {# problems}} in this section',
    startFrom: 'Start from',
    model: 'A model passport of your organization',
    useModel: 'Use this model',
    noModels: 'Your organization has no model passport yet.',
    example: 'An example passport',
    exampleLoaded: 'The example is in the form; give it your own GTIN and serial number.',
    preview: 'Preview the public page',
    previewTitle: 'The public page of this passport, as a scanner would see it',
    previewClose: 'Close the preview',
    previewHint: 'A preview shows the saved version; save first to see your latest changes.',
  },
  de: {
    progress: 'Anhang XIII: {n} von {total, plural, one {# Angabe} other {# Angaben}}',
    stepProgress: '{n} von {total}',
    steps: 'Abschnitte',
    step: 'Schritt {n} von {total}',
    previous: 'Zurück: {section}',
    next: 'Weiter: {section}',
    problemsHere: '{n, plural, one {# Problem} other {# Probleme}} in diesem Abschnitt',
    startFrom: 'Beginnen mit',
    model: 'Einem Modellpass Ihrer Organisation',
    useModel: 'Dieses Modell verwenden',
    noModels: 'Ihre Organisation hat noch keinen Modellpass.',
    example: 'Einem Beispielpass',
    exampleLoaded: 'Das Beispiel steht im Formular; geben Sie ihm Ihre eigene GTIN und Seriennummer.',
    preview: 'Öffentliche Seite ansehen',
    previewTitle: 'Die öffentliche Seite dieses Passes, wie sie beim Scannen erscheint',
    previewClose: 'Vorschau schließen',
    previewHint:
      'Die Vorschau zeigt die gespeicherte Fassung; speichern Sie zuerst, um Ihre letzten Änderungen zu sehen.',
  },
} as const;

export type EditorWord = keyof (typeof EDITOR_WORDS)['en'];

/** The contract's sections (the Battery Pass data model's aspects) by name, English and German. */
export const SECTION_NAMES: Record<string, [string, string]> = {
  generalProductInformation: ['General product information', 'Allgemeine Produktinformationen'],
  carbonFootprint: ['Carbon footprint', 'CO₂-Fußabdruck'],
  supplyChainDueDiligence: ['Supply chain due diligence', 'Sorgfaltspflichten in der Lieferkette'],
  materialComposition: ['Material composition', 'Materialzusammensetzung'],
  circularity: ['Circularity', 'Kreislaufwirtschaft'],
  performance: ['Performance and durability', 'Leistung und Haltbarkeit'],
  labels: ['Labels and conformity', 'Kennzeichnungen und Konformität'],
};
