import { type Person, personImage } from './pages/schema';

/**
 * The school's people: the one place that gives a person's name and role. The about page lists them and
 * articles name their author by slug, so a role cannot differ between pages (content/staff.test.ts).
 */
const person = (slug: string, name: string, role: string, bio: string): Person => ({ slug, name, role, bio, image: personImage(slug, name) });

export const staff: readonly Person[] = [
  person(
    'dmitry-kovalev',
    'Дмитрий Ковалёв',
    'Основатель и генеральный директор школы',
    '12 лет во фронтенде, был тимлидом команды интерфейсов крупного маркетплейса. Основал школу в 2019 году, когда понял, что учит стажёров тому, чего не дают курсы.',
  ),
  person(
    'maria-lebedeva',
    'Мария Лебедева',
    'Руководитель образовательных программ',
    'Методист с опытом в EdTech с 2015 года. Отвечает за то, чтобы программы успевали за рынком, а уроки были понятны с первого раза.',
  ),
  person(
    'artem-nikitin',
    'Артём Никитин',
    'Ведущий наставник по React',
    'Senior-разработчик в финтехе, автор докладов о производительности React. Проверил больше 3 000 студенческих проектов.',
  ),
  person(
    'ekaterina-orlova',
    'Екатерина Орлова',
    'Руководитель карьерного центра',
    'Восемь лет нанимала разработчиков в IT-компании. Помогает выпускникам составить резюме, подготовиться к собеседованию и договориться о зарплате.',
  ),
  person(
    'ilya-smirnov',
    'Илья Смирнов',
    'Наставник по JavaScript и TypeScript',
    'Пишет на TypeScript с 2016 года, сейчас — ведущий разработчик в продуктовой студии. Ведёт курсы «Продвинутый JavaScript» и «TypeScript».',
  ),
  person(
    'olga-vasilyeva',
    'Ольга Васильева',
    'Методист курсов вёрстки',
    'Десять лет верстает сложные интерфейсы и учит этому других. Автор бесплатного курса «HTML и CSS с нуля», который прошли больше 40 000 человек.',
  ),
  person(
    'anna-kovaleva',
    'Анна Ковалёва',
    'Наставник курса «Продвинутый JavaScript»',
    'Фронтенд-разработчик в команде интернет-банка, пишет на JavaScript с 2017 года. Проверяет домашние задания и ведёт разборы самых коварных тем: this, приведения типов и методов массивов.',
  ),
  person(
    'dmitry-orlov',
    'Дмитрий Орлов',
    'Ведущий фронтенд-разработчик, наставник школы',
    'Девять лет делает интерфейсы для интернет-магазинов. Проводит со студентами пробные технические собеседования и учит работать с Git, DevTools и редактором так, как принято в командах.',
  ),
];

export function staffMember(slug: string): Person | undefined {
  return staff.find((member) => member.slug === slug);
}
