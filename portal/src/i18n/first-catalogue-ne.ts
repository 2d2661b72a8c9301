import { catalogue as all } from './catalogue-ne';
import { pickFirstScreenTexts } from './first-screen-texts';

// The first screens' Nepali texts, a chunk of its own named in the HTML (Nepali is the default
// language, spec §9). The build replaces this module with the texts it computes (vite.config.ts,
// psc-first-screen-texts), so the chunk holds those texts only, not the whole catalogue.
export const catalogue = pickFirstScreenTexts(all);
