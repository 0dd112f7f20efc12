/**
 * 'How intent is scored': the rubric the offline analyser scores buying intent with (docs/ARCHITECTURE.md,
 * "Intent from facts"), one click away on the Signals page so a rep can see why a row sits where it does.
 * With an AI provider the AI's level is shown and the rubric's is kept beside it in the analysis.
 */

const RUBRIC: { level: string; when: string }[] = [
  {
    level: 'Very High',
    when: 'money closed that funds drilling or studies, with a programme planned (metres or timing); drilling under way with its size or rigs; a completed FS/DFS; a construction decision, money to build a mine, or mine construction or operations started',
  },
  {
    level: 'High',
    when: 'money closed that funds drilling or studies; financing announced for exploration; ten million or more raised, or a royalty, stream or loan that size; a resource estimate; a PFS, PEA or scoping study; a programme with metres or timing; assays with drilling still going or planned',
  },
  {
    level: 'Medium',
    when: 'assays with no next programme; a bare programme mention; less than ten million raised without a stated use',
  },
  {
    level: 'Low',
    when: 'corporate housekeeping (AGM, options, conference, management change) and releases with none of the above',
  },
];

export function IntentRubric() {
  return (
    <details className="group max-w-xl rounded-md border border-slate-200 bg-white text-sm shadow-sm">
      <summary className="cursor-pointer rounded-md px-3 py-2 font-medium text-slate-700 select-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:outline-none">
        How intent is scored
      </summary>
      <div className="space-y-2 border-t border-slate-200 px-3 py-2 text-slate-600">
        <p>
          Buying intent comes from the facts read out of each release. The highest rule that fires sets the level, and
          the reasons name those facts, e.g. “C$4.0M flow-through closed, funds 5,000 m drilling”.
        </p>
        <dl className="space-y-1">
          {RUBRIC.map(({ level, when }) => (
            <div key={level} className="flex gap-2">
              <dt className="w-20 shrink-0 font-semibold text-slate-800">{level}</dt>
              <dd>{when}.</dd>
            </div>
          ))}
        </dl>
        <p>
          Programmes starting more than a year out count as plans, not budgets. With an AI provider, the AI's level is
          shown and the rubric's is kept beside it; a difference is flagged.
        </p>
      </div>
    </details>
  );
}
