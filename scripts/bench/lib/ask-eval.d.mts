// Types of scripts/bench/lib/ask-eval.mjs for the TypeScript test suite.
export interface EvalQuestion {
  id: string;
  class: string;
  language: 'de' | 'en' | 'any';
  question: string;
  accept_language?: string;
  /** The earlier question of the conversation (sent as NLWeb prev). */
  prev?: string;
  expect: { routed?: boolean | 'either'; materials?: string[]; only?: boolean; has?: string[]; lacks?: string[]; ids?: string[] };
}
export interface AnswerBody {
  language: string;
  answer: string;
  routed: boolean;
  results: { id: string }[];
}
export declare const EVAL_SET_URL: URL;
export declare function loadEvalSet(): EvalQuestion[];
export declare function askRequest(question: EvalQuestion): { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };
export declare function gradeAnswer(question: EvalQuestion, body: AnswerBody, materials: { id: string; name: { de: string; en: string } }[]): string[];
export declare function accuracyByClass(
  outcomes: { question: EvalQuestion; misses: string[] }[],
): { name: string; correct: number; total: number; percent: number }[];
