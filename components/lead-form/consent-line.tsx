import { cn } from '@/components/ui/cn';
import { legalLinks } from '@/content/site';

const linkClasses = 'underline underline-offset-2 hover:text-brand-700';

/**
 * Pressing the submit button counts as consent; there is no checkbox. Both documents open in
 * new tabs so the visitor keeps the form they are filling in.
 */
export function ConsentLine({ className }: { className?: string }) {
  return (
    <p className={cn('text-xs leading-relaxed text-gray-500', className)}>
      Нажимая на кнопку, вы даёте согласие на обработку персональных данных в соответствии с{' '}
      <a href={legalLinks.privacy.href} target="_blank" rel="noopener noreferrer" className={linkClasses}>
        политикой конфиденциальности
      </a>{' '}
      и принимаете{' '}
      <a href={legalLinks.terms.href} target="_blank" rel="noopener noreferrer" className={linkClasses}>
        пользовательское соглашение
      </a>{' '}
      платформы.
    </p>
  );
}
