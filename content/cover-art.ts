/**
 * The cover designs of the courses and events (scripts/generate-images.ts draws them): a motif, the label
 * on its badge and a palette. A new course or event needs its line here before its cover can be drawn.
 */

export interface Palette {
  from: string;
  to: string;
  accent: string;
  ink: string;
}

export const palettes: Record<string, Palette> = {
  blue: { from: '#1c3fb3', to: '#3b6cf6', accent: '#fbbf24', ink: '#0b1a4a' },
  violet: { from: '#4c1d95', to: '#7c3aed', accent: '#34d399', ink: '#1e0b45' },
  teal: { from: '#0f766e', to: '#14b8a6', accent: '#fde047', ink: '#042f2c' },
  green: { from: '#166534', to: '#22c55e', accent: '#fef08a', ink: '#052e16' },
  orange: { from: '#c2410c', to: '#f97316', accent: '#fef3c7', ink: '#431407' },
  slate: { from: '#0f172a', to: '#334155', accent: '#38bdf8', ink: '#020617' },
  sky: { from: '#0369a1', to: '#38bdf8', accent: '#f0f9ff', ink: '#082f49' },
  rose: { from: '#9f1239', to: '#f43f5e', accent: '#fde68a', ink: '#4c0519' },
};

export type Motif =
  'editor' | 'layout' | 'graph' | 'tree' | 'network' | 'steps' | 'check' | 'compass' | 'triangle' | 'store' | 'growth' | 'snow' | 'spring' | 'calendar';

export type CoverArt = { motif: Motif; label: string; palette: keyof typeof palettes };

export const courseArt: Record<string, CoverArt> = {
  'frontend-developer': { motif: 'editor', label: '</>', palette: 'blue' },
  'junior-js': { motif: 'editor', label: 'JS', palette: 'blue' },
  'middle-js': { motif: 'store', label: 'M', palette: 'slate' },
  'react-developer': { motif: 'tree', label: 'JSX', palette: 'sky' },
  'first-stage': { motif: 'steps', label: '1', palette: 'blue' },
  junior: { motif: 'layout', label: 'J+', palette: 'violet' },
  'advanced-html-css': { motif: 'layout', label: 'CSS', palette: 'violet' },
  'advanced-js': { motif: 'editor', label: 'JS+', palette: 'orange' },
  typescript: { motif: 'editor', label: 'TS', palette: 'sky' },
  git: { motif: 'graph', label: 'git', palette: 'rose' },
  react: { motif: 'tree', label: 'R+', palette: 'slate' },
  'state-managers': { motif: 'store', label: '{ }', palette: 'teal' },
  'html-css': { motif: 'layout', label: 'HTML', palette: 'orange' },
  'ai-for-dev': { motif: 'network', label: 'AI', palette: 'violet' },
  'frontend-upgrade': { motif: 'growth', label: 'Sr', palette: 'slate' },
  diagnostics: { motif: 'check', label: '✓', palette: 'teal' },
  'base-programming': { motif: 'steps', label: 'if', palette: 'orange' },
  'vue-predzap': { motif: 'triangle', label: 'Vue', palette: 'green' },
  'html-css-free': { motif: 'layout', label: 'HTML', palette: 'green' },
  'html-css-free-mini': { motif: 'calendar', label: '3', palette: 'green' },
  'javascript-learn': { motif: 'editor', label: 'JS', palette: 'green' },
  ai: { motif: 'network', label: 'AI', palette: 'green' },
  perspectives: { motif: 'compass', label: '→', palette: 'teal' },
};

export const eventArt: Record<string, CoverArt> = {
  'snow-quest': { motif: 'snow', label: '❄', palette: 'sky' },
  'spring-2025': { motif: 'spring', label: '2025', palette: 'green' },
  demo5days: { motif: 'calendar', label: '5', palette: 'blue' },
  demo5js1: { motif: 'calendar', label: 'JS', palette: 'orange' },
  demo5html1: { motif: 'calendar', label: 'HTML', palette: 'violet' },
};
