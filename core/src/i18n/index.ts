export { en, type MessageKey } from './en';
export { ne } from './ne';
export { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, resolveLanguage, type Language } from './language';
export { MESSAGES, fillMessage, isMessageKey, translate, type MessageParams } from './translate';
export { isProfileLabelKey, profileLabelsEn, profileLabelsNe, profileOptionKey, type ProfileLabelKey } from './profile-labels';
export { GLOSSARY, findGlossaryDepartures, findGlossaryVariants, findHandWrittenMoney, type GlossaryDepartures, type GlossaryFinding, type GlossaryTerm } from './glossary';
