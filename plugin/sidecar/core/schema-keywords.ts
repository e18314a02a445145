/**
 * Where schemas/ keeps the German and English names of an enumeration's values, beside the values: an
 * annotation every validator of schemas/ (the sidecar's, the admin screen's) must be told about.
 */
export const LABELS_KEYWORD = 'x-labels';
