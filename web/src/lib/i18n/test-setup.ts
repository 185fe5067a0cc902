// Unit tests read the English texts, as a reader with no other preference sees them.
import { setCatalogue } from "./index";
import english from "./messages/en.json";

setCatalogue("en", english);
