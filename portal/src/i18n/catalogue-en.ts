import { coreMessagesEn } from '../core';
import { mergeCatalogue } from './catalogue';
import { en } from './en';

// A chunk of its own, fetched only when English is chosen (catalogue-ne.ts).
export const catalogue = mergeCatalogue(coreMessagesEn, en);
