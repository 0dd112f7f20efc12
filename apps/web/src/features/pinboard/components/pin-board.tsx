import { Card } from '../../../components/card.tsx';
import { QuickLinksSection } from './quick-links-section.tsx';
import { WidgetsSection } from './widgets-section.tsx';

export function PinBoard() {
  return (
    <Card title="Pin Board" description="Shared shortcuts and embedded content for your team">
      <div className="space-y-8">
        <QuickLinksSection />
        <div className="border-t border-slate-100 pt-6">
          <WidgetsSection />
        </div>
      </div>
    </Card>
  );
}
