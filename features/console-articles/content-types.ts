/** What the console's article and event forms exchange with their actions (no server code: the form is a client component). */
export type ContentKindName = 'article' | 'event';

/** The form's fields as typed (every one a string). */
export type ContentFormValues = Record<string, string>;

export interface FieldProblem {
  /** The form's field, or '' for the whole entry. */
  field: string;
  message: string;
}
