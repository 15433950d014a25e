/// One thing a team's requests must show for a step to be done, with what to do for it in English and Korean (the
/// line a team's page shows while it is left).
enum CourseFact: String, Sendable, CaseIterable {
    case healthCheck
    case list
    case detailOfListed
    case secondList
    case nextPage
    case thumbnail
    case create
    case createdListed
    case edit
    case secretRevealed
    case deletedWithSecret
    case archived
    case deletedArchived
    case deleted
    case goneAfterDelete
    case searched

    var todo: (english: String, korean: String) {
        switch self {
        case .healthCheck: ("GET /healthChecker, answered 200", "GET /healthChecker 요청 (200 응답)")
        case .list: ("a list page answered 200", "상품 목록 요청 (200 응답)")
        case .detailOfListed: ("a detail (200) of an id from a list answer", "목록에서 받은 id로 상품 상세 요청 (200 응답)")
        case .secondList: ("a second list request", "두 번째 목록 요청")
        case .nextPage: ("the next page (page number > 1) after a page that said there is one",
            "다음 페이지가 있다는 응답 뒤에 2쪽 이상 요청")
        case .thumbnail: ("a thumbnail from a list answer fetched", "목록의 썸네일 이미지 요청")
        case .create: ("a product registered (2xx multipart POST) with your credentials",
            "내 계정으로 상품 등록 (multipart POST, 2xx 응답)")
        case .createdListed: ("your new product's id seen in your next list", "등록한 상품의 id가 다음 목록에 보임")
        case .edit: ("one of your products edited (2xx PATCH)", "내 상품 수정 (PATCH, 2xx 응답)")
        case .secretRevealed: ("POST /api/products/{id}/secret answered 2xx", "POST /api/products/{id}/secret 요청 (2xx 응답)")
        case .deletedWithSecret: ("DELETE /api/products/{id}/{the secret it answered}, 2xx",
            "받은 상품 secret으로 DELETE /api/products/{id}/{secret} (2xx 응답)")
        case .archived: ("POST /api/products/{id}/archived answered 2xx", "POST /api/products/{id}/archived 요청 (2xx 응답)")
        case .deletedArchived: ("DELETE of the path it answered, 2xx", "응답받은 경로로 DELETE (2xx 응답)")
        case .deleted: ("DELETE /item/{id} with its password, 2xx", "비밀번호와 함께 DELETE /item/{id} (2xx 응답)")
        case .goneAfterDelete: ("then GET /item/{id} of that id answered 404", "그 id로 GET /item/{id} 요청해 404 확인")
        case .searched: ("a list with search_value", "search_value로 검색")
        }
    }
}
