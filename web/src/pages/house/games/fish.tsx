// HouseGame loads `games/<code without house->.tsx`: this is house-fish's view; the game lives under ../fish/.
export { default } from '../fish/FishGame';
