import { Input, Switch, type InputRef } from 'antd';
import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type CompositionEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { applyTyping, showTyping, startTyping, transliterate, type TypingState } from '../transliterate';

// spec §5: "Nepali name fields must be typed in Nepali". Most phones offer Latin letters only, so
// a field can turn romanised typing into Devanagari as the person types ("ram" -> राम). In a field
// that takes only Nepali (`nepaliOnly`) the switch beside it starts on, and the last choice there
// is remembered on this device for the Nepali fields opened next. A field that takes English as
// well (an institute named "Staff College") starts with it off: typing stays as typed unless the
// person turns the switch on. A Nepali keyboard types Devanagari, which passes through unchanged.

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

type Props = {
  /** Given by antd's Form.Item: the label points at the text input. */
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
  /** The field accepts Devanagari only (core's nepaliTextSchema): romanised typing starts on. */
  nepaliOnly?: boolean;
};

export function NepaliTextInput({ id, value, onChange, disabled, maxLength, placeholder, autoComplete = 'off', nepaliOnly = false }: Props) {
  const { t } = useTranslation();
  // Each field has its own switch (a name in Nepali beside an institution named in English); a
  // Nepali-only field starts as the candidate last chose there, which the device remembers.
  const rememberRomanised = useRomanisedPreference((state) => state.set);
  const [isRomanised, setRomanisedHere] = useState(() => nepaliOnly && useRomanisedPreference.getState().isOn);
  const setRomanised = (isOn: boolean) => {
    setRomanisedHere(isOn);
    if (nepaliOnly) rememberRomanised(isOn);
  };
  const switchId = useId();
  const inputRef = useRef<InputRef>(null);
  const text = value ?? '';
  // The word being typed in Latin letters, while the field shows it in Devanagari.
  const [typing, setTyping] = useState<TypingState>(() => startTyping(text));
  const [isComposing, setComposing] = useState(false);
  const pendingCaret = useRef<number | null>(null);

  // A value set from outside (loaded from the server, a reset) starts the typing afresh.
  const current = showTyping(typing) === text ? typing : startTyping(text);

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const element = inputRef.current?.input;
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

  return (
    <div className="nepali-input">
      <Input
        id={id}
        ref={inputRef}
        lang={nepaliOnly || isRomanised ? 'ne' : undefined}
        value={text}
        disabled={disabled}
        maxLength={maxLength}
        placeholder={placeholder}
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        onChange={handleChange}
        onCompositionStart={() => setComposing(true)}
        onCompositionEnd={handleCompositionEnd}
      />
      <span className="nepali-input__toggle">
        <Switch id={switchId} size="small" checked={isRomanised} disabled={disabled} onChange={setRomanised} />
        <label htmlFor={switchId}>{t('nepaliInput.romanised')}</label>
      </span>
    </div>
  );
}
