import { createContext } from 'react';

export type FormLayout = 'vertical' | 'horizontal';

/** What a Form tells its items: their layout, whether errors show under them, and whether all are disabled. */
export interface FormSettings {
  layout: FormLayout;
  hasFeedback: boolean;
  disabled: boolean;
}

export const DEFAULT_FORM_SETTINGS: FormSettings = { layout: 'vertical', hasFeedback: true, disabled: false };

export const FormSettingsContext = createContext<FormSettings>(DEFAULT_FORM_SETTINGS);
