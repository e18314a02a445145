// The admin screen's tabs as a German user sees them, in order: the jsdom test and the browser test
// on WordPress both expect exactly these.
export const GERMAN_TAB_NAMES = [
  'Materialien',
  'Empfehlungen',
  'Unternehmen',
  'Übergabeziele',
  'Discovery-Texte',
  'Übergaben',
  'Auswertung',
  'Anfrageformular',
  'Status',
];
