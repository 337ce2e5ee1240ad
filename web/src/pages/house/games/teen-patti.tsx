import TeenPatti from '../pvp/TeenPatti';

/** `/house/house-teen-patti`: the house vendor's multiplayer card game (rooms, then a table). */
export default function TeenPattiGame() {
  return <TeenPatti />;
}
