// Attributes a passport must carry, per battery category, as JSON pointers into `data`.
// The schema leaves every attribute optional so that one schema serves drafts, patches and
// complete passports; completeness per category is checked here. Choices and reasons: docs/dpp.md.
export const CATEGORIES = ['ev', 'lmt', 'industrial', 'stationary'] as const;
export type Category = (typeof CATEGORIES)[number];

const common = [
  '/generalProductInformation/batteryModel',
  '/generalProductInformation/manufacturerInformation',
  '/generalProductInformation/manufacturingPlace',
  '/generalProductInformation/manufacturingDate',
  '/generalProductInformation/batteryMass',
  '/materialComposition/batteryChemistry',
  '/materialComposition/criticalRawMaterials',
  '/materialComposition/hazardousSubstances',
  '/materialComposition/batteryMaterials',
  '/supplyChainDueDiligence/dueDiligenceReport',
  '/circularity/extinguishingAgent',
  '/circularity/endOfLifeInformation',
  '/circularity/dismantlingInformation',
  '/circularity/sparePartSources',
  '/circularity/safetyMeasures',
  '/performance/rated/ratedCapacity',
  '/performance/rated/ratedEnergy',
  '/performance/rated/nominalVoltage',
  '/performance/rated/minimumVoltage',
  '/performance/rated/maximumVoltage',
  '/performance/rated/originalPowerCapability',
  '/performance/rated/expectedLifetimeCycles',
  '/performance/rated/temperatureRangeIdleState',
  '/labels/symbols',
  '/labels/declarationOfConformity',
  '/labels/resultOfTestReport',
] as const;

// Art. 7 makes the carbon footprint declaration apply to EV batteries and to rechargeable
// industrial batteries above 2 kWh first; LMT batteries follow later, so it is optional for them.
const carbonFootprint = [
  '/carbonFootprint/batteryCarbonFootprint',
  '/carbonFootprint/carbonFootprintPerLifecycleStage',
  '/carbonFootprint/carbonFootprintStudy',
] as const;

// Annex IV Part A parameters (Art. 10) for LMT and industrial batteries; EV batteries are
// measured under UN GTR No 22 instead (Annex IV Part B), which has no C-rate or resistance test.
const annexIvPartA = [
  '/performance/rated/internalResistance',
  '/performance/rated/roundTripEfficiency',
  '/performance/rated/cRate',
] as const;

export const REQUIRED_ATTRIBUTES: Record<Category, readonly string[]> = {
  ev: [...common, ...carbonFootprint, '/performance/rated/capacityThresholdForExhaustion'],
  lmt: [...common, ...annexIvPartA],
  industrial: [...common, ...carbonFootprint, ...annexIvPartA],
  stationary: [...common, ...carbonFootprint, ...annexIvPartA],
};
