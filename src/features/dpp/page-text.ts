// The words of the public passport page in each language it speaks (English and German), and the
// choice of language for a request. Values entered by the manufacturer (model names, free texts)
// are shown as entered; everything the page itself says comes from here.
import { labelFor, type Category, type Unit } from './dpp.contract.js';

export const PAGE_LANGS = ['en', 'de'] as const;
export type PageLang = (typeof PAGE_LANGS)[number];

/** Query parameter and cookie that carry an explicit choice of language. */
export const LANG_PARAM = 'lang';
export const LANG_COOKIE = 'qrs_lang';

const isPageLang = (v: unknown): v is PageLang => (PAGE_LANGS as readonly unknown[]).includes(v);

/** `Accept-Language` (RFC 9110 §12.5.4): the supported language with the highest q; English otherwise. */
export function fromAcceptLanguage(header: string | undefined): PageLang {
  let best: PageLang = 'en';
  let bestQ = 0;
  for (const part of (header ?? '').split(',')) {
    const [range, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    const primary = range.trim().split('-')[0];
    if (isPageLang(primary) && Number.isFinite(weight) && weight > bestQ) [best, bestQ] = [primary, weight];
  }
  return best;
}

/**
 * The page language: `?lang=` first (a link someone shared, or the switch just clicked), then the
 * cookie the switch left, then `Accept-Language`. `explicit` tells the route to remember the choice.
 */
export function pageLanguage(input: { query?: unknown; cookie?: string; acceptLanguage?: string }): {
  lang: PageLang;
  explicit: boolean;
} {
  if (isPageLang(input.query)) return { lang: input.query, explicit: true };
  if (isPageLang(input.cookie)) return { lang: input.cookie, explicit: false };
  return { lang: fromAcceptLanguage(input.acceptLanguage), explicit: false };
}

interface PageText {
  languageName: string;
  switchLabel: string;
  batteryPassport: string;
  modelPassport: string;
  category: Record<Category, string>;
  levelTitle: Record<'public' | 'legitimate_interest' | 'authority', string>;
  levelNote: Record<'public' | 'legitimate_interest' | 'authority', string>;
  summary: string;
  identification: string;
  model: string;
  manufacturer: string;
  categoryLabel: string;
  capacityAndEnergy: string;
  carbonFootprint: string;
  footprintClass: (c: string) => string;
  stateOfHealth: string;
  separateCollection: string;
  collectionText: string;
  passport: string;
  passportVersion: (v: string, date: string) => string;
  uniqueIdentifier: string;
  gtin: string;
  serial: string;
  lot: string;
  batteryStatus: string;
  version: string;
  lastUpdated: string;
  digitalLink: string;
  asOf: (when: string) => string;
  atSoC: (soc: string, power: string) => string;
  none: string;
  yes: string;
  no: string;
  units: Record<Unit, string>;
  enums: Record<string, string>;
}

const EN: PageText = {
  languageName: 'English',
  switchLabel: 'Language',
  batteryPassport: 'Battery passport',
  modelPassport: 'Battery model passport',
  category: {
    ev: 'Electric vehicle (EV) battery',
    lmt: 'Light means of transport (LMT) battery',
    industrial: 'Industrial battery',
    stationary: 'Stationary battery energy storage system',
  },
  levelTitle: {
    public: 'Public information',
    legitimate_interest: 'Legitimate-interest view',
    authority: 'Authority view',
  },
  levelNote: {
    public:
      'This page shows the publicly accessible information. Persons with a legitimate interest and the authorities can access further information (Regulation (EU) 2023/1542, Annex XIII).',
    legitimate_interest:
      'This page includes information reserved to persons with a legitimate interest (Regulation (EU) 2023/1542, Annex XIII).',
    authority:
      'This page includes information reserved to notified bodies, market surveillance authorities and the Commission (Regulation (EU) 2023/1542, Annex XIII).',
  },
  summary: 'Summary',
  identification: 'Identification',
  model: 'Model',
  manufacturer: 'Manufacturer',
  categoryLabel: 'Category',
  capacityAndEnergy: 'Capacity and energy',
  carbonFootprint: 'Carbon footprint',
  footprintClass: (c) => `class ${c}`,
  stateOfHealth: 'State of health',
  separateCollection: 'Separate collection',
  collectionText: 'Crossed-out wheeled bin: collect separately, never with household waste',
  passport: 'Passport',
  passportVersion: (v, date) => `version ${v}, ${date}`,
  uniqueIdentifier: 'Unique identifier',
  gtin: 'GTIN',
  serial: 'Serial number',
  lot: 'Batch or lot',
  batteryStatus: 'Battery status',
  version: 'Passport version',
  lastUpdated: 'Last updated',
  digitalLink: 'Digital link',
  asOf: (when) => `as of ${when}`,
  atSoC: (soc, power) => `${power} at ${soc} state of charge`,
  none: 'None',
  yes: 'Yes',
  no: 'No',
  units: {
    Ah: 'ampere-hours',
    kWh: 'kilowatt-hours',
    V: 'volts',
    W: 'watts',
    Ω: 'ohms',
    '%': 'percent',
    '°C': 'degrees Celsius',
    kg: 'kilograms',
    g: 'grams',
    'kgCO2e/kWh': 'kilograms of CO2 equivalent per kilowatt-hour',
    h: 'hours',
    months: 'months',
    years: 'years',
  },
  enums: {
    ce_marking: 'CE marking',
    original: 'Original',
    repurposed: 'Repurposed',
    reused: 'Reused',
    remanufactured: 'Remanufactured',
    waste: 'Waste',
  },
};

const DE: PageText = {
  languageName: 'Deutsch',
  switchLabel: 'Sprache',
  batteryPassport: 'Batteriepass',
  modelPassport: 'Batteriepass des Modells',
  category: {
    ev: 'Elektrofahrzeugbatterie',
    lmt: 'Batterie für leichte Verkehrsmittel (LV-Batterie)',
    industrial: 'Industriebatterie',
    stationary: 'Stationäres Batterie-Energiespeichersystem',
  },
  levelTitle: {
    public: 'Öffentliche Informationen',
    legitimate_interest: 'Ansicht für Personen mit berechtigtem Interesse',
    authority: 'Ansicht für Behörden',
  },
  levelNote: {
    public:
      'Diese Seite zeigt die öffentlich zugänglichen Informationen. Personen mit berechtigtem Interesse und die Behörden erhalten Zugang zu weiteren Informationen (Verordnung (EU) 2023/1542, Anhang XIII).',
    legitimate_interest:
      'Diese Seite enthält Informationen, die Personen mit berechtigtem Interesse vorbehalten sind (Verordnung (EU) 2023/1542, Anhang XIII).',
    authority:
      'Diese Seite enthält Informationen, die notifizierten Stellen, Marktüberwachungsbehörden und der Kommission vorbehalten sind (Verordnung (EU) 2023/1542, Anhang XIII).',
  },
  summary: 'Überblick',
  identification: 'Identifikation',
  model: 'Modell',
  manufacturer: 'Hersteller',
  categoryLabel: 'Kategorie',
  capacityAndEnergy: 'Kapazität und Energie',
  carbonFootprint: 'CO2-Fußabdruck',
  footprintClass: (c) => `Klasse ${c}`,
  stateOfHealth: 'Alterungszustand',
  separateCollection: 'Getrennte Sammlung',
  collectionText: 'Durchgestrichene Mülltonne: getrennt sammeln, nie mit dem Hausmüll entsorgen',
  passport: 'Pass',
  passportVersion: (v, date) => `Version ${v}, ${date}`,
  uniqueIdentifier: 'Eindeutige Kennung',
  gtin: 'GTIN',
  serial: 'Seriennummer',
  lot: 'Charge oder Los',
  batteryStatus: 'Batteriestatus',
  version: 'Version des Passes',
  lastUpdated: 'Zuletzt aktualisiert',
  digitalLink: 'Digital Link',
  asOf: (when) => `Stand ${when}`,
  atSoC: (soc, power) => `${power} bei ${soc} Ladezustand`,
  none: 'Keine',
  yes: 'Ja',
  no: 'Nein',
  units: {
    Ah: 'Amperestunden',
    kWh: 'Kilowattstunden',
    V: 'Volt',
    W: 'Watt',
    Ω: 'Ohm',
    '%': 'Prozent',
    '°C': 'Grad Celsius',
    kg: 'Kilogramm',
    g: 'Gramm',
    'kgCO2e/kWh': 'Kilogramm CO2-Äquivalent je Kilowattstunde',
    h: 'Stunden',
    months: 'Monate',
    years: 'Jahre',
  },
  enums: {
    cathode: 'Kathode',
    anode: 'Anode',
    electrolyte: 'Elektrolyt',
    separator: 'Separator',
    casing: 'Gehäuse',
    other: 'Sonstiges',
    BillOfMaterial: 'Stückliste',
    Model3D: '3D-Modell',
    DismantlingManual: 'Demontageanleitung',
    RemovalManual: 'Ausbauanleitung',
    OtherManual: 'Sonstige Anleitung',
    Drawing: 'Zeichnung',
    separate_collection: 'Getrennte Sammlung',
    cadmium: 'Cadmium',
    lead: 'Blei',
    carbon_footprint: 'CO2-Fußabdruck',
    ce_marking: 'CE-Kennzeichnung',
    extinguishing_agent: 'Löschmittel',
    original: 'Original',
    repurposed: 'Umgenutzt',
    reused: 'Wiederverwendet',
    remanufactured: 'Wiederaufbereitet',
    waste: 'Abfall',
  },
};

/** German names of every attribute and member of the data contract (test: none is missing). */
export const GERMAN_LABELS: Record<string, string> = {
  generalProductInformation: 'Allgemeine Produktinformationen',
  batteryModel: 'Batteriemodell',
  manufacturerInformation: 'Hersteller',
  name: 'Name',
  address: 'Anschrift',
  streetAddress: 'Straße und Hausnummer',
  postalCode: 'Postleitzahl',
  addressLocality: 'Ort',
  addressCountry: 'Land',
  contact: 'Kontakt',
  email: 'E-Mail',
  website: 'Website',
  phone: 'Telefon',
  manufacturingPlace: 'Herstellungsort',
  facilityName: 'Werk',
  manufacturingDate: 'Herstellungsdatum',
  putIntoService: 'Datum der Inbetriebnahme',
  batteryMass: 'Masse der Batterie',
  warrantyPeriod: 'Garantiezeit',
  carbonFootprint: 'CO2-Fußabdruck',
  batteryCarbonFootprint: 'CO2-Fußabdruck der Batterie',
  carbonFootprintPerLifecycleStage: 'CO2-Fußabdruck je Lebenszyklusphase',
  rawMaterialAcquisition: 'Rohstoffgewinnung und Vorverarbeitung',
  mainProduction: 'Herstellung des Hauptprodukts',
  distribution: 'Vertrieb',
  endOfLifeAndRecycling: 'Ende der Lebensdauer und Recycling',
  carbonFootprintPerformanceClass: 'Leistungsklasse des CO2-Fußabdrucks',
  carbonFootprintStudy: 'Studie zum CO2-Fußabdruck',
  supplyChainDueDiligence: 'Sorgfaltspflichten in der Lieferkette',
  dueDiligenceReport: 'Bericht über die Sorgfaltspflichten',
  thirdPartyAssurances: 'Prüfberichte Dritter',
  materialComposition: 'Materialzusammensetzung',
  batteryChemistry: 'Batteriechemie',
  criticalRawMaterials: 'Kritische Rohstoffe',
  hazardousSubstances: 'Gefährliche Stoffe',
  casNumber: 'CAS-Nummer',
  mass: 'Masse',
  location: 'Ort in der Batterie',
  impactOfSubstances: 'Auswirkungen auf Umwelt und Gesundheit',
  batteryMaterials: 'Detaillierte Zusammensetzung',
  component: 'Bauteil',
  materialName: 'Material',
  circularity: 'Kreislaufwirtschaft',
  recycledContent: 'Recyclinganteil',
  cobalt: 'Kobalt',
  preConsumer: 'Aus Produktionsabfällen',
  postConsumer: 'Aus Verbraucherabfällen',
  lithium: 'Lithium',
  nickel: 'Nickel',
  lead: 'Blei',
  renewableContent: 'Anteil erneuerbarer Materialien',
  extinguishingAgent: 'Löschmittel',
  endOfLifeInformation: 'Informationen zum Ende der Lebensdauer',
  wastePrevention: 'Abfallvermeidung',
  separateCollection: 'Getrennte Sammlung',
  informationOnCollection: 'Sammelstellen und Rücknahme',
  dismantlingInformation: 'Informationen zur Demontage',
  documentType: 'Art des Dokuments',
  mimeType: 'MIME-Typ',
  documentUrl: 'Adresse des Dokuments',
  sparePartSources: 'Bezugsquellen für Ersatzteile',
  nameOfSupplier: 'Lieferant',
  addressOfSupplier: 'Anschrift des Lieferanten',
  emailAddressOfSupplier: 'E-Mail-Adresse des Lieferanten',
  supplierWebAddress: 'Website des Lieferanten',
  components: 'Bauteile',
  partName: 'Bezeichnung',
  partNumber: 'Teilenummer',
  safetyMeasures: 'Sicherheitsmaßnahmen',
  safetyInstructions: 'Sicherheitshinweise',
  wasteHandlingInstructions: 'Hinweise zur Abfallbehandlung',
  performance: 'Leistung und Haltbarkeit',
  rated: 'Nennwerte',
  ratedCapacity: 'Nennkapazität',
  ratedEnergy: 'Nennenergie',
  nominalVoltage: 'Nennspannung',
  minimumVoltage: 'Mindestspannung',
  maximumVoltage: 'Höchstspannung',
  originalPowerCapability: 'Ursprüngliche Leistungsfähigkeit',
  powerCapabilityAt: 'Leistungsfähigkeit nach Ladezustand',
  atSoC: 'Ladezustand',
  power: 'Leistung',
  maximumPermittedPower: 'Höchstzulässige Leistung',
  internalResistance: 'Innenwiderstand',
  expectedLifetimeCycles: 'Erwartete Lebensdauer (Zyklen)',
  expectedLifetimeYears: 'Erwartete Lebensdauer',
  lifetimeReferenceTest: 'Referenzprüfung für die Lebensdauer',
  cRate: 'C-Rate',
  capacityThresholdForExhaustion: 'Kapazitätsschwelle für Erschöpfung',
  temperatureRangeIdleState: 'Temperaturbereich im Ruhezustand',
  lower: 'Untergrenze',
  upper: 'Obergrenze',
  roundTripEfficiency: 'Energieeffizienz über den Lade-Entlade-Zyklus',
  roundTripEfficiencyAt50PercentCycleLife: 'Energieeffizienz bei 50 % der Zyklenlebensdauer',
  initialSelfDischargingRate: 'Anfängliche Selbstentladungsrate',
  dynamic: 'Während der Nutzung gemessen',
  stateOfHealth: 'Alterungszustand',
  value: 'Wert',
  lastUpdate: 'Zuletzt aktualisiert',
  stateOfCertifiedEnergy: 'Zustand der zertifizierten Energie',
  stateOfCharge: 'Ladezustand',
  remainingCapacity: 'Restkapazität',
  remainingEnergy: 'Restenergie',
  remainingPowerCapability: 'Verbleibende Leistungsfähigkeit',
  remainingRoundTripEfficiency: 'Verbleibende Energieeffizienz',
  capacityFade: 'Kapazitätsverlust',
  powerFade: 'Leistungsverlust',
  currentSelfDischargingRate: 'Aktuelle Selbstentladungsrate',
  internalResistanceIncrease: 'Anstieg des Innenwiderstands',
  numberOfFullCycles: 'Anzahl vollständiger Lade-Entlade-Zyklen',
  energyThroughput: 'Energiedurchsatz',
  roundTripEfficiencyFade: 'Rückgang der Energieeffizienz',
  capacityThroughput: 'Kapazitätsdurchsatz',
  selfDischargeHistory: 'Verlauf der Selbstentladung',
  temperatureHistory: 'Temperaturverlauf',
  timeExtremeHighTempCharging: 'Ladezeit bei extrem hohen Temperaturen',
  timeExtremeLowTempCharging: 'Ladezeit bei extrem niedrigen Temperaturen',
  timeExtremeHighTemp: 'Zeit bei extrem hohen Temperaturen',
  timeExtremeLowTemp: 'Zeit bei extrem niedrigen Temperaturen',
  numberOfDeepDischargeEvents: 'Anzahl der Tiefentladungen',
  numberOfOverchargeEvents: 'Anzahl der Überladungen',
  negativeEvents: 'Negative Ereignisse',
  labels: 'Kennzeichnungen und Konformität',
  symbols: 'Symbole',
  symbol: 'Symbol',
  meaning: 'Bedeutung',
  imageUrl: 'Adresse des Bildes',
  declarationOfConformity: 'EU-Konformitätserklärung',
  resultOfTestReport: 'Ergebnisse der Prüfberichte',
};

const TEXT: Record<PageLang, PageText> = { en: EN, de: DE };

export const pageText = (lang: PageLang): PageText => TEXT[lang];

/** The label of an attribute or member name in the page language. */
export function attributeLabel(name: string, lang: PageLang): string {
  return (lang === 'de' && GERMAN_LABELS[name]) || labelFor(name);
}

/** An enumeration value as people read it. */
export function enumLabel(value: string, lang: PageLang): string {
  const known = TEXT[lang].enums[value];
  if (known) return known;
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
