/**
 * Press-release pages for the facts tests and journeys (written for this project, in the layout juniors use:
 * a dateline with a listing, highlights as bullets, an assay table, a financing paragraph).
 */

/** Drill results with a table, an 'including' interval, a closed flow-through financing and a planned programme. */
export const DRILL_RESULTS_HTML = `<!doctype html><html><head><title>Northbeck drills 14.2 m at 6.1 g/t gold</title></head>
<body><nav>Home | Markets</nav><main><article>
<h1>Northbeck Gold Intersects 14.2 m at 6.12 g/t Au at Kestrel and Closes C$4.0 Million Flow-Through Financing</h1>
<p>VANCOUVER, British Columbia, March 3, 2026 - Northbeck Gold Corp. (TSXV: NBK) (OTCQB: NBKGF) ("Northbeck" or the "Company") is pleased to report assay results from the first six holes of its winter diamond drill program at the Kestrel Gold Project in central British Columbia.</p>
<p>Highlights:</p>
<ul>
<li>Hole KS-26-004 intersected 14.2 m grading 6.12 g/t Au from 88.0 m, including 3.1 m at 21.40 g/t Au.</li>
<li>Hole KS-26-006 returned 22.5 m at 1.84 g/t Au from 140.5 m.</li>
</ul>
<table>
<tr><th>Hole</th><th>From (m)</th><th>To (m)</th><th>Interval (m)</th><th>Au (g/t)</th></tr>
<tr><td>KS-26-001</td><td>45.0</td><td>52.5</td><td>7.5</td><td>2.35</td></tr>
<tr><td>KS-26-002</td><td>112.0</td><td>118.0</td><td>6.0</td><td>0.95</td></tr>
</table>
<p>The Company has closed its non-brokered flow-through private placement for gross proceeds of C$4.0 million. The proceeds will fund drilling at Kestrel.</p>
<p>A 10,000 m RC drill program is planned to start in Q2 2026 to follow up the Kestrel zone.</p>
<p>For further information, please contact: Jane Doe, President &amp; CEO, jane.doe@northbeck.example</p>
</article></main><footer>Copyright</footer></body></html>`;

/** A pre-feasibility study, as plain text (no markup), with an after-tax NPV and IRR. */
export const PFS_TEXT = `Larkspur Copper Announces Positive Pre-Feasibility Study for the Aguila Project

TORONTO, Ontario, February 10, 2026 - Larkspur Copper Inc. (TSX: LRK) is pleased to announce the results of a Pre-Feasibility Study ("PFS") for its Aguila copper project in Chile.

PFS highlights (all figures in US$):
- After-tax NPV (8%) of US$412 million and after-tax IRR of 21.4%.
- Initial capital cost of US$385 million.
- Mine life of 17 years.
`;

/** Corporate housekeeping: nothing a supplier sells against. */
export const AGM_HTML = `<!doctype html><html><body><main><article>
<h1>Fernhill Resources Announces Results of Annual General Meeting</h1>
<p>CALGARY, Alberta, April 2, 2026 - Fernhill Resources Ltd. (CSE: FRN) announces that all resolutions put to shareholders at its annual general meeting were approved, including the election of directors and the appointment of auditors.</p>
<p>The Company also granted 500,000 stock options to directors and officers.</p>
</article></main></body></html>`;
