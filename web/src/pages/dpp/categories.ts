/** The battery categories of the Battery Regulation (Art. 3), labelled by `dppx.category.*`. */
export const CATEGORIES = ['ev', 'lmt', 'industrial', 'stationary'] as const;

/** The model's name as its data gives it, for lists and links. */
export const modelName = (data: { generalProductInformation?: { batteryModel?: string } }) =>
  data.generalProductInformation?.batteryModel;
