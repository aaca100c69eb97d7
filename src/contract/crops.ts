/**
 * The crops breeders call by their common name (BrAPI's commonCropName), by genus. The BrAPI
 * routes answer a germplasm's crop from its genus; imports take a genus from a crop name.
 */
const CROPS: Record<string, string> = {
  Triticum: 'Wheat',
  Oryza: 'Rice',
  Zea: 'Maize',
  Hordeum: 'Barley',
  Sorghum: 'Sorghum',
  Avena: 'Oat',
  Secale: 'Rye',
  Glycine: 'Soybean',
  Phaseolus: 'Bean',
  Cicer: 'Chickpea',
  Lens: 'Lentil',
  Pisum: 'Pea',
  Solanum: 'Potato',
  Manihot: 'Cassava',
  Ipomoea: 'Sweet potato',
  Musa: 'Banana',
  Arachis: 'Groundnut',
  Cajanus: 'Pigeonpea',
  Pennisetum: 'Pearl millet',
  Eleusine: 'Finger millet',
  Brassica: 'Brassica',
  Helianthus: 'Sunflower',
  Gossypium: 'Cotton',
  Vitis: 'Grape',
  Coffea: 'Coffee',
};

/** Other common names of the same crops, as files spell them. */
const OTHER_NAMES: Record<string, string> = {
  corn: 'Zea',
  'durum wheat': 'Triticum',
  'bread wheat': 'Triticum',
  soy: 'Glycine',
  'common bean': 'Phaseolus',
  peanut: 'Arachis',
  'pigeon pea': 'Cajanus',
};

export const cropOf = (genus: string): string => CROPS[genus] ?? genus;

/** The genus of a crop name (case-insensitive); a name that is no known crop is taken as a genus itself. */
export function genusOfCrop(crop: string): string {
  const key = crop.trim().toLowerCase();
  return Object.entries(CROPS).find(([, name]) => name.toLowerCase() === key)?.[0] ?? OTHER_NAMES[key] ?? crop.trim();
}

/** Whether a crop name is one Seedbed knows, so an import can say when it took a genus from it. */
export const isKnownCrop = (crop: string): boolean => genusOfCrop(crop) !== crop.trim() || crop.trim() in CROPS;
