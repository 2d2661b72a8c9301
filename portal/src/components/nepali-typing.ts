import { useLayoutEffect, useRef, useState, type ChangeEvent, type CompositionEvent } from 'react';
import { create } from 'zustand';
import { applyTyping, showTyping, startTyping, transliterate, type TypingState } from '../transliterate';

// spec §5: "Nepali name fields must be typed in Nepali". Most phones offer Latin letters only, so
// a field can turn romanised typing into Devanagari as the person types ("ram" -> राम). In a field
// that takes only Nepali (`nepaliOnly`) the switch beside it starts on, and the last choice there
// is remembered on this device for the Nepali fields opened next. A field that takes English as
// well (an institute named "Staff College") starts with it off: typing stays as typed unless the
// person turns the switch on. A Nepali keyboard types Devanagari, which passes through unchanged.
// The antd field (nepali-text-input.tsx) and the first screens' plain one share this.

const PREFERENCE_KEY = 'psc.portal.romanisedTyping';

function readPreference(): boolean {
  try {
    return localStorage.getItem(PREFERENCE_KEY) !== 'off';
  } catch {
    return true;
  }
}

const useRomanisedPreference = create<{ isOn: boolean; set(isOn: boolean): void }>()((set) => ({
  isOn: readPreference(),
  set: (isOn) => {
    try {
      localStorage.setItem(PREFERENCE_KEY, isOn ? 'on' : 'off');
    } catch {
      // private mode: the choice holds for this visit only
    }
    set({ isOn });
  },
}));

type Options = {
  value: string | null | undefined;
  onChange: ((value: string) => void) | undefined;
  nepaliOnly: boolean;
  /** The text input, to put the caret back after a word turned into Devanagari. */
  getInput: () => HTMLInputElement | null | undefined;
};

/** Romanised typing in one text field: its switch and the input's change and composition handlers. */
export function useNepaliTyping({ value, onChange, nepaliOnly, getInput }: Options) {
  // Each field has its own switch (a name in Nepali beside an institution named in English); a
  // Nepali-only field starts as the candidate last chose there, which the device remembers.
  const rememberRomanised = useRomanisedPreference((state) => state.set);
  const [isRomanised, setRomanisedHere] = useState(() => nepaliOnly && useRomanisedPreference.getState().isOn);
  const setRomanised = (isOn: boolean) => {
    setRomanisedHere(isOn);
    if (nepaliOnly) rememberRomanised(isOn);
  };
  const text = value ?? '';
  // The word being typed in Latin letters, while the field shows it in Devanagari.
  const [typing, setTyping] = useState<TypingState>(() => startTyping(text));
  const [isComposing, setComposing] = useState(false);
  const pendingCaret = useRef<number | null>(null);

  // A value set from outside (loaded from the server, a reset) starts the typing afresh.
  const current = showTyping(typing) === text ? typing : startTyping(text);

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const element = getInput();
    if (caret === null || !element || document.activeElement !== element) return;
    pendingCaret.current = null;
    element.setSelectionRange(caret, caret);
  });

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.value;
    // A phone keyboard composing a word sends it whole at the end (compositionend).
    if (!isRomanised || isComposing) {
      setTyping(startTyping(next));
      onChange?.(next);
      return;
    }
    const result = applyTyping(current, next, event.target.selectionStart);
    setTyping(result.state);
    if (result.value !== next) pendingCaret.current = result.caret;
    onChange?.(result.value);
  }

  function handleCompositionEnd(event: CompositionEvent<HTMLInputElement>) {
    setComposing(false);
    if (!isRomanised) return;
    const element = event.currentTarget;
    const converted = transliterate(element.value);
    if (converted === element.value) return;
    pendingCaret.current = converted.length;
    setTyping(startTyping(converted));
    onChange?.(converted);
  }

  return {
    text,
    isRomanised,
    setRomanised,
    /** What the text input takes: its language, value and handlers. */
    inputProps: {
      lang: nepaliOnly || isRomanised ? 'ne' : undefined,
      value: text,
      autoCapitalize: 'none',
      spellCheck: false,
      onChange: handleChange,
      onCompositionStart: () => setComposing(true),
      onCompositionEnd: handleCompositionEnd,
    },
  };
}
