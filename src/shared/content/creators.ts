interface Creator {
  readonly name: string;
  readonly role: string;
  readonly initial: string;
}

/** The team shown on the About page. Fixed content: edit here to change the cards. */
export const CREATORS: readonly Creator[] = [
  { name: 'Maya Okafor', role: 'Founder & Lead Mentor', initial: 'M' },
  { name: 'Diego Hernández', role: 'Hardware Lead', initial: 'D' },
  { name: 'Priya Raman', role: 'Curriculum Designer', initial: 'P' },
  { name: 'Kenji Watanabe', role: 'Community & Events', initial: 'K' },
];
