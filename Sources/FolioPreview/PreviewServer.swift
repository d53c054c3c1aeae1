import FolioKit
import Hummingbird
