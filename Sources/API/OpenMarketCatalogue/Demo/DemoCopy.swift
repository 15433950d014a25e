/// Description text of the demo products: a line about the product, then kind-specific details on lines of
/// their own, in the seller's language, so an app's detail screen shows real line breaks.
enum DemoCopy {
    static func description(of entry: DemoProducts.Entry, inKorean korean: Bool) -> String {
        let (lead, details) = korean ? koreanText(entry.kind) : englishText(entry.kind)
        return (["\(entry.name): \(lead)"] + details).joined(separator: "\n")
    }

    private static func koreanText(_ kind: ProductKind) -> (String, [String]) {
        switch kind {
        case .mug: ("매일 아침을 여는 도자기 머그입니다.", ["- 전자레인지, 식기세척기 사용 가능", "- 용량: 350ml", "손잡이가 넓어 편하게 잡을 수 있어요."])
        case .tShirt: ("부드러운 면 100% 원단으로 만들었습니다.", ["- 사이즈: S / M / L / XL", "- 세탁: 찬물 단독 세탁", "모델 착용 사이즈는 L입니다."])
        case .phone: ("선명한 화면과 오래가는 배터리.", ["- 저장 공간: 128GB", "- 구성: 본체, 충전 케이블", "초기화 후 바로 사용할 수 있습니다."])
        case .plant: ("키우기 쉬운 실내 식물입니다.", ["- 물 주기: 2주에 한 번", "- 밝은 간접광을 좋아해요", "화분과 받침이 함께 배송됩니다."])
        case .books: ("처음 시작하는 분들을 위한 책입니다.", ["- 총 3권 구성", "- 예제 코드 포함", "한 권씩 차근차근 따라 해 보세요."])
        case .sneaker: ("가볍고 쿠션감이 좋은 신발입니다.", ["- 사이즈: 230 ~ 290mm", "- 무게: 한 짝 240g", "평소 신는 사이즈를 추천합니다."])
        case .lamp: ("은은한 빛으로 공간을 채워 줍니다.", ["- 밝기 3단계 조절", "- 전구 포함 (LED 5W)", "침대 옆, 책상 위 어디든 잘 어울려요."])
        case .headphones: ("몰입감 있는 소리를 들려줍니다.", ["- 블루투스 5.3", "- 최대 30시간 재생", "접이식이라 가방에 쏙 들어가요."])
        case .backpack: ("수납이 넉넉한 데일리 가방입니다.", ["- 생활 방수 원단", "- 노트북 수납 칸", "어깨끈 길이를 조절할 수 있어요."])
        case .watch: ("어떤 옷에도 어울리는 시계입니다.", ["- 생활 방수 5ATM", "- 스트랩 교체 가능", "선물 포장을 해 드립니다."])
        case .bottle: ("보온 보냉이 되는 보틀입니다.", ["- 스테인리스 이중 구조", "- 보냉 12시간", "세척이 쉬운 넓은 입구."])
        case .placeholder: ("", [])
        }
    }

    private static func englishText(_ kind: ProductKind) -> (String, [String]) {
        switch kind {
        case .mug: ("a sturdy mug for your morning coffee.", ["- Dishwasher and microwave safe", "- Holds 12 oz", "Wide handle, easy to hold."])
        case .tShirt: ("made from soft, 100% organic cotton.", ["- Sizes: S, M, L, XL", "- Machine wash cold", "Our model wears size M."])
        case .phone: ("a bright display and all-day battery.", ["- Storage: 128 GB", "- In the box: phone, USB-C cable", "Unlocked, ready to use."])
        case .plant: ("an easy-going houseplant.", ["- Water every two weeks", "- Likes bright, indirect light", "Ships with pot and saucer."])
        case .books: ("the set every new developer asks for.", ["- Three volumes", "- Sample code included", "Work through one chapter a day."])
        case .sneaker: ("light, cushioned and ready to go.", ["- Sizes: US 5 to 13", "- Weight: 8.5 oz each", "Fits true to size."])
        case .lamp: ("warm light for any corner.", ["- Three brightness levels", "- LED bulb included", "Looks great on a desk or nightstand."])
        case .headphones: ("rich sound, all day long.", ["- Bluetooth 5.3", "- Up to 30 hours of play", "Folds flat for travel."])
        case .backpack: ("room for everything you carry.", ["- Water-resistant fabric", "- Padded laptop sleeve", "Adjustable shoulder straps."])
        case .watch: ("a watch that goes with everything.", ["- Water resistant to 50 m", "- Quick-release strap", "Gift wrapping available."])
        case .bottle: ("keeps drinks cold or hot for hours.", ["- Double-wall stainless steel", "- Cold for 24 hours", "Wide mouth, easy to clean."])
        case .placeholder: ("", [])
        }
    }
}
