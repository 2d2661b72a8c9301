import { coreMessagesNe } from '../core';
import { mergeCatalogue } from './catalogue';
import { ne } from './ne';

// A chunk of its own, so a phone downloads only the language it shows (the HTML preloads this
// one, the default language of spec §9; the English chunk is fetched when chosen).
export const catalogue = mergeCatalogue(coreMessagesNe, ne);
