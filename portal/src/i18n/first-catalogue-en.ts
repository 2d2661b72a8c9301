import { catalogue as all } from './catalogue-en';
import { pickFirstScreenTexts } from './first-screen-texts';

// The first screens' English texts, fetched when a phone set to English opens a first screen
// (first-catalogue-ne.ts; the build holds the computed texts only).
export const catalogue = pickFirstScreenTexts(all);
