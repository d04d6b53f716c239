import { footerNavigation } from '@/content/navigation';
import { contacts, legalLinks, site } from '@/content/site';
import { MessengerLink, PhoneLink } from './contact-links';
import { LinkList } from './link-list';

export function SiteFooter() {
  return (
    <footer className="mt-16 bg-gray-950 text-gray-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="mt-2 text-sm">Получать знания — значит становиться свободнее.</p>
        </div>
        <nav aria-label="Разделы сайта">
          <LinkList links={footerNavigation} className="space-y-2 text-sm" linkClassName="hover:text-white" />
        </nav>
        <address className="space-y-2 text-sm not-italic">
          <p>
            <PhoneLink className="hover:text-white" />
          </p>
          <p>
            <a href={`mailto:${contacts.supportEmail}`} className="hover:text-white">
              {contacts.supportEmail}
            </a>
          </p>
          <p>Работаем {contacts.workTime}</p>
          <p className="flex gap-4">
            <MessengerLink messenger="whatsapp" className="hover:text-white" />
            <MessengerLink messenger="telegram" className="hover:text-white" />
          </p>
        </address>
      </div>
      <div className="border-t border-gray-800">
        <LinkList
          links={Object.values(legalLinks)}
          className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-4 text-xs text-gray-400"
          linkClassName="hover:text-white"
        >
          <li>© {site.name}</li>
        </LinkList>
      </div>
    </footer>
  );
}
